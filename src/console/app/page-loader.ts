/**
 * Loads a page's module together with the Mantine styles only pages use (page-styles.ts), so the
 * first screen does not wait for them and no page renders before they apply.
 */
export async function withPageStyles<T>(load: () => Promise<T>): Promise<T> {
  const [page] = await Promise.all([load(), import('./page-styles.ts')]);
  return page;
}
