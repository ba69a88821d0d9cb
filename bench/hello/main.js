/* global document */
// The baseline of the load figure: Vite's React template (counter and text, no logos), written with
// createElement so it needs no JSX compiler setup of its own. Built and served like the console.
import { createElement as h, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';

function App() {
  const [count, setCount] = useState(0);
  return h(
    'main',
    null,
    h('h1', null, 'Vite + React'),
    h(
      'div',
      { className: 'card' },
      h('button', { type: 'button', onClick: () => setCount((c) => c + 1) }, `count is ${count}`),
      h('p', null, 'Edit src/App.jsx and save to test HMR'),
    ),
    h('p', { className: 'read-the-docs' }, 'Click on the Vite and React logos to learn more'),
  );
}

createRoot(document.getElementById('root')).render(h(StrictMode, null, h(App)));
