import { SandboxClient } from '../../src/testing/sandbox-client.ts';
import type { OrderStatus } from '../../src/contract/schemas.ts';
import type { Order } from '../../src/contract/schemas.ts';

// The suite's `api` fixture is the QA kit's sandbox client (order-console/testing) under the names
// the older specs use, so the whole suite exercises the kit's calls and parsing.

export interface RawAnswer {
  status: number;
  body: unknown;
}

export class OrderApi extends SandboxClient {
  /** The kit's moveTo. Skips the test where there is no sandbox. */
  setStatus(id: string, status: OrderStatus): Promise<Order> {
    return this.moveTo(id, status);
  }

  /** Any POST, answered as it is, for tests about errors. */
  async post(path: string, body: unknown): Promise<RawAnswer> {
    const answer = await this.call('POST', path, body);
    return { status: answer.status, body: answer.body };
  }
}
