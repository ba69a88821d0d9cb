import { expect, test } from 'vitest';
import { sampleFormValues } from './sample-data.ts';

test("the sample return_url is this console's own return page, not a shop that does not exist", () => {
  expect(sampleFormValues(new Date(), 'http://127.0.0.1:8080').return_url).toBe('http://127.0.0.1:8080/sandbox/return');
  expect(sampleFormValues().return_url).toBe(`${window.location.origin}/sandbox/return`);
});
