// Team mode (D16): a call answered "session ended" (401 from the console's own server) opens the
// sign-in dialog where the person is, so a half-filled form keeps what was typed. One flag for the
// whole console; the dialog clears it once signed in again.

let ended = false;
const listeners = new Set<() => void>();

export const sessionEndedStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => ended,
  set: (value: boolean): void => {
    if (ended === value) return;
    ended = value;
    for (const listener of listeners) listener();
  },
};
