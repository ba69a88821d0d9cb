// CSS custom properties in a style prop (`style={{ '--group-gap': '…' }}`), as Mantine's own
// components set them: plain elements that render Mantine's markup (lookup-bar.tsx) pass the same.
import 'react';

declare module 'react' {
  interface CSSProperties {
    [property: `--${string}`]: string | number | undefined;
  }
}
