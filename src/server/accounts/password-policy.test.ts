import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { passwordProblem, personalWords } from './password-policy.ts';

// docs/accounts.md: 12 to 256 characters, no composition rules, refused when zxcvbn scores it below 3
// with the person's e-mail and the product's name as words a guesser tries first.

test.each([
  ['aaaaaaaaaaaa', 'Repeated characters'],
  ['password1234', 'similar to a commonly used password'],
  ['qwertyuiop12', 'commonly used password'],
  ['sdfghjkl;lkj', 'keyboard patterns'],
  ['abcdefghijkl', 'character sequences'],
  ['anna.smith2024', 'personal or page related data'],
  ['annasmith!!!!', 'personal or page related data'],
  ['orderconsole2024', 'personal or page related data'],
  ['Order Console 1', 'personal or page related data'],
])('%s is refused for anna.smith@example.com, saying why (%s)', async (password, why) => {
  const problem = await passwordProblem(password, 'anna.smith@example.com');
  expect(problem).toMatch(/^Too easy to guess\. /);
  expect(problem?.toLowerCase()).toContain(why.toLowerCase());
});

test('length: 12 to 256 characters, whatever they are', async () => {
  expect(await passwordProblem('Xk9#mq2!vLp', 'a@example.com')).toBe('At least 12 characters');
  expect(await passwordProblem('x'.repeat(257), 'a@example.com')).toBe('At most 256 characters');
  expect(await passwordProblem(randomBytes(192).toString('base64'), 'a@example.com')).toBeNull();
});

test('no composition rules: lower-case words are fine when they are not guessable', async () => {
  for (const password of ['tangerine vapor quilt', 'correct horse battery', 'Xk9#mq2!vLp4']) expect(await passwordProblem(password, 'anna.smith@example.com')).toBeNull();
});

test('the words of an e-mail a guesser tries', () => {
  expect(personalWords('Anna.Smith@Example.com')).toEqual(['anna.smith@example.com', 'anna.smith', 'annasmith', 'anna', 'smith', 'example.com', 'example', 'com'].filter((w) => w.length >= 3));
});
