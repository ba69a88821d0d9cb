// Personal mode's /orders hydrates its pre-rendered frame once the list's code and first
// answer are in (main.tsx), so the shell, the list and its rows render in one go. A slow network
// must not keep the frame static for long: its links work without the app, its buttons do not.

/** How long hydrating /orders's frame may wait, at most, for the list's code and first answer. */
export const FIRST_SCREEN_WAIT_MS = 300;

/** Resolves when every promise has settled, or after `waitMs`, whichever comes first; never rejects. */
export function firstScreenReady(parts: readonly Promise<unknown>[], waitMs: number = FIRST_SCREEN_WAIT_MS): Promise<void> {
  const settled = Promise.allSettled(parts).then(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
