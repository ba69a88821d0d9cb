import '@mantine/core/styles.css';
import { MantineProvider, Title, Text, Container } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider defaultColorScheme="auto">
      <Container py="xl">
        <Title order={1}>Order Console</Title>
        <Text c="dimmed">The console is being built; the sandbox Order Service is running beside it.</Text>
      </Container>
    </MantineProvider>
  </StrictMode>,
);
