/**
 * Whether a recoverable error from hydrating the pre-rendered orders page is the expected kind: the
 * notifications load lazily, so the build's render left their Suspense boundary for the browser
 * (React error 419, minified in a build). Any other is a real mismatch.
 */
export function isLeftForTheClient(error: unknown): boolean {
  return (
    error instanceof Error &&
    /react\.dev\/errors\/419\b|server could not finish this Suspense boundary|Switched to client rendering because the server rendering aborted/.test(error.message)
  );
}
