import { Button, Dialog, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { consoleApiPaths, sessionClockSchema } from '../../../contract/console-api.ts';
import { sessionEndedStore } from '../../app/session-ended.ts';
import { consoleRequest } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { sessionActivity } from '../../lib/session-activity.ts';

// Team mode's idle clock in the page (docs/decisions.md D16, tightened; PCI DSS v4.0 8.2.8). The server
// ends a session CONSOLE_SESSION_IDLE after the person's last request; the page's own polls do not
// count (lib/session-activity.ts). This clock knows that moment as the server does: from the idle
// setting (GET /api/session once), and from every counted request of this tab and of the browser's
// other tabs (a BroadcastChannel). A minute before it, a notice says so, with "Stay signed in"; what
// the person does on the page (a click, a key) is told to the server too, at most once a minute. At
// the end the page ends the session itself (DELETE /api/session) and opens the sign-in dialog, which
// keeps what was typed under it. It is never later than the server: a request counts from when it
// left the page, the server from when it arrived.

/** How long before the idle end the notice comes (at most half the idle setting). */
const WARN_BEFORE_MS = 60_000;
/** What the person does on the page is told to the server at most this often (a quarter of the setting when shorter). */
const GESTURE_EVERY_MS = 60_000;
const CHANNEL = 'order-console-session-activity';

/** A request the person caused: the server's idle clock starts again (the API client notes it). */
function stayActive(): Promise<unknown> {
  return consoleRequest(sessionClockSchema, { method: 'GET', path: consoleApiPaths.session() }).catch(endedOn);
}

function endedOn(error: unknown): void {
  if (error instanceof ApiError && error.isSessionEnded) sessionEndedStore.set(true);
}

/** The idle end has come: the session ends on the server too, and the page asks to sign in again. */
function endForIdleness(): void {
  sessionEndedStore.set(true);
  void consoleRequest(z.null(), { method: 'DELETE', path: consoleApiPaths.session(), background: true }).catch(() => undefined);
}

/** Shares counted requests with this browser's other tabs of the console, both ways. */
function useOtherTabs(): void {
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return;
    const channel = new BroadcastChannel(CHANNEL);
    let told = 0;
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'number') return;
      told = event.data;
      sessionActivity.note(event.data);
    };
    const stop = sessionActivity.subscribe(() => {
      const last = sessionActivity.last();
      if (last !== told) channel.postMessage(last);
    });
    return () => {
      stop();
      channel.close();
    };
  }, []);
}

/** Clicks and keys anywhere are the person's: told to the server (not while the session is over). */
function useGestures(idleMs: number | null): void {
  useEffect(() => {
    if (idleMs === null) return;
    const every = Math.min(GESTURE_EVERY_MS, idleMs / 4);
    const onGesture = () => {
      if (sessionEndedStore.get() || Date.now() - sessionActivity.last() < every) return;
      void stayActive();
    };
    document.addEventListener('pointerdown', onGesture, true);
    document.addEventListener('keydown', onGesture, true);
    return () => {
      document.removeEventListener('pointerdown', onGesture, true);
      document.removeEventListener('keydown', onGesture, true);
    };
  }, [idleMs]);
}

export function SessionClock() {
  const last = useSyncExternalStore(sessionActivity.subscribe, sessionActivity.last, sessionActivity.last);
  const ended = useSyncExternalStore(sessionEndedStore.subscribe, sessionEndedStore.get, () => false);
  const [idleMs, setIdleMs] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useOtherTabs();
  useGestures(idleMs);

  // The idle setting, and where the server's clock stands (this tab may have been opened long ago).
  useEffect(() => {
    const controller = new AbortController();
    consoleRequest(sessionClockSchema, { method: 'GET', path: consoleApiPaths.session(), background: true, signal: controller.signal }).then(
      ({ data }) => {
        setIdleMs(data.idle_ms);
        sessionActivity.note(Date.now() - (data.idle_ms - data.idle_ends_in_ms));
      },
      endedOn,
    );
    return () => controller.abort();
  }, []);

  const deadline = idleMs === null ? null : last + idleMs;
  const lead = idleMs === null ? 0 : Math.min(WARN_BEFORE_MS, idleMs / 2);
  useEffect(() => {
    if (deadline === null || ended) return;
    const warn = setTimeout(() => setNow(Date.now()), Math.max(0, deadline - lead - Date.now()));
    const end = setTimeout(endForIdleness, Math.max(0, deadline - Date.now()));
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
    };
  }, [deadline, lead, ended]);

  const warning = deadline !== null && !ended && now >= deadline - lead;
  // The countdown, while the notice is up.
  useEffect(() => {
    if (!warning) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [warning]);

  const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1_000));
  return (
    <Dialog opened={warning} withBorder shadow="md" radius="md" size="lg" position={{ top: 72, right: 16 }} role="dialog" aria-label="Session ending">
      <Stack gap="xs">
        <Text fw={600} role="alert">
          You will be signed out in {seconds} s
        </Text>
        <Text size="sm">Nothing has been done on this console for a while (the page updating itself does not count).</Text>
        <Group justify="flex-end">
          {/* The click itself may have told the server already (useGestures). */}
          <Button size="xs" onClick={() => Date.now() - sessionActivity.last() > 1_000 && void stayActive()}>
            Stay signed in
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
