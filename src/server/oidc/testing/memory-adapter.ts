import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

// One test provider's storage, gone with it. oidc-provider has an in-memory adapter of its own, but
// it is shared by every provider of the process and warns (rightly, for a real deployment) each time.

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

export function memoryAdapter(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const grants = new Map<string, Set<string>>();
  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (name: string): Adapter => {
    const key = (id: string) => `${name}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [stored, entry] of entries) {
        if (stored.startsWith(`${name}:`) && entry.payload[field] === value) return live(stored);
      }
      return undefined;
    };
    return {
      upsert(id, payload, expiresIn) {
        entries.set(key(id), { payload, expiresAt: expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + expiresIn * 1000 });
        if (typeof payload.grantId === 'string') {
          const keys = grants.get(payload.grantId) ?? new Set<string>();
          keys.add(key(id));
          grants.set(payload.grantId, keys);
        }
        return Promise.resolve();
      },
      find: (id) => Promise.resolve(live(key(id))),
      findByUid: (uid) => Promise.resolve(findBy('uid', uid)),
      findByUserCode: (userCode) => Promise.resolve(findBy('userCode', userCode)),
      consume(id) {
        const payload = live(key(id));
        if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000);
        return Promise.resolve();
      },
      destroy(id) {
        entries.delete(key(id));
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const stored of grants.get(grantId) ?? []) entries.delete(stored);
        grants.delete(grantId);
        return Promise.resolve();
      },
    };
  };
}
