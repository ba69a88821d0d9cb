import { Alert } from '@mantine/core';

/** What went wrong on the account page, read out as it appears; nothing when nothing did. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (message === null || message === undefined) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
