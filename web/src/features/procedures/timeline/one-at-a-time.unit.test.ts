import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.ts';

/** A sender whose answers the test gives, one by one, recording what was sent. */
function server() {
  const sent: string[] = [];
  const answers: ((taken: boolean) => void)[] = [];
  const sendOne = (request: string) => {
    sent.push(request);
    return new Promise<boolean>((resolve) => answers.push(resolve));
  };
  const answer = async (taken = true) => {
    answers.shift()!(taken);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { sent, sendOne, answer };
}

describe('oneAtATime', () => {
  it('given a repeat of the request on its way, then it is dropped', async () => {
    const { sent, sendOne, answer } = server();
    const queue = oneAtATime<string>((a, b) => a === b);
    const send = (request: string) => queue(request, sendOne);
    const first = send('2026-01-10');
    expect(await send('2026-01-10')).toBe(false);
    await answer();
    expect(await first).toBe(true);
    expect(sent).toEqual(['2026-01-10']);
  });

  it('given another request before the answer, then it is sent next, and only the latest', async () => {
    const { sent, sendOne, answer } = server();
    const queue = oneAtATime<string>((a, b) => a === b);
    const send = (request: string) => queue(request, sendOne);
    const wrong = send('2026-01-10');
    const replaced = send('2026-01-11');
    const right = send('2026-01-12');
    expect(await replaced).toBe(false);
    await answer();
    expect(await wrong).toBe(true);
    expect(sent).toEqual(['2026-01-10', '2026-01-12']);
    await answer();
    expect(await right).toBe(true);
  });

  it('given the request on its way picked again after another, then the other is not sent: the last pick wins', async () => {
    const { sent, sendOne, answer } = server();
    const queue = oneAtATime<string>((a, b) => a === b);
    const send = (request: string) => queue(request, sendOne);
    const first = send('2026-01-10');
    const other = send('2026-01-12');
    expect(await send('2026-01-10')).toBe(false);
    expect(await other).toBe(false);
    await answer();
    expect(await first).toBe(true);
    expect(sent).toEqual(['2026-01-10']);
  });

  it('given the first refused, then the waiting one is still sent', async () => {
    const { sent, sendOne, answer } = server();
    const queue = oneAtATime<string>((a, b) => a === b);
    const send = (request: string) => queue(request, sendOne);
    const refused = send('2026-01-10');
    const next = send('2026-01-12');
    await answer(false);
    expect(await refused).toBe(false);
    await answer(true);
    expect(await next).toBe(true);
    expect(sent).toEqual(['2026-01-10', '2026-01-12']);
  });
});
