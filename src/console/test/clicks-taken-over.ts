/**
 * Records, for each click on the page, whether the app took it over (prevented the browser's own
 * handling), from a listener on window: the last stop of a bubbling click, after the app's handlers.
 * It then stops jsdom's own navigation, which jsdom does not implement. `stop()` removes the listener.
 */
export function recordClicksTakenOver(): { takenOver: boolean[]; stop: () => void } {
  const takenOver: boolean[] = [];
  const afterApp = (event: MouseEvent) => {
    takenOver.push(event.defaultPrevented);
    event.preventDefault();
  };
  window.addEventListener('click', afterApp);
  return { takenOver, stop: () => window.removeEventListener('click', afterApp) };
}
