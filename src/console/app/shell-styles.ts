// Mantine's styles per component, instead of the whole stylesheet (most of it for components no
// screen uses). This file: what every screen shows, loaded up front — the
// global styles (not default-css-variables.css: theme-variables.css holds the theme's variables, see
// providers.tsx), the app shell and the error pages, each with the components it renders itself
// (Button needs UnstyledButton and Loader); the shell's own parts are plain elements with the classes
// of AppShell, Burger, Title, Badge, Button, NavLink, Group, Text and ActionIcon (shell-parts.tsx),
// whose stylesheets stay here for them. Listed in the order of @mantine/core/styles.css, which
// later entries' overrides rely on. Pages' components are in page-styles.ts, the notifications'
// in notifications-host.tsx; mantine-styles.test.ts fails when a component in use is in neither.

import '@mantine/core/styles/baseline.css';
// Where Mantine's default-css-variables.css would be: the console theme's variables (theme-css.test.tsx).
import './theme-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
// Last, over Mantine's: the console's own rules for Mantine components (focus ring on inputs).
import './console.css';
