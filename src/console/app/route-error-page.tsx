import { Alert, Button, Code, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Component } from 'react';
import { Link, useLocation } from 'react-router';

/** What a page crash looks like: what went wrong and a way back, never a white screen. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Unknown error';
  return (
    <Stack gap="md" p="xl" maw={720}>
      <Title order={2}>Something went wrong</Title>
      <Alert color="red" title="This page failed to render">
        <Code block>{message}</Code>
      </Alert>
      <Group>
        <Button component={Link} to="/orders">
          Back to orders
        </Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Group>
    </Stack>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address the error happened at: going anywhere else renders the page again. */
  pathname: string;
}

interface BoundaryState {
  error: { value: unknown; pathname: string } | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: { value: error, pathname: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    // Just caught: remember where. Later, at another address: forget it, the new page renders.
    if (state.error.pathname === '') return { error: { ...state.error, pathname: props.pathname } };
    return state.error.pathname === props.pathname ? null : { error: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error.value} />;
  }
}

/**
 * A page that throws while rendering (or whose code fails to load) shows the error page in its
 * place, and the rest of the console keeps working; going to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary pathname={pathname}>{children}</ErrorBoundary>;
}
