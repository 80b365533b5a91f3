// Throwaway (issue 43, item 5's measure): a third port, reported and chosen like the others, with three files outside tests/ touched.
import { describe, expect, it } from 'vitest';
import { aiTargetOf } from '../../shared/core/controller';
import type { Reply } from '../../shared/messages/requests';
import { boot, FakeHost, freshBackgroundEachTest, type Running } from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('the echo port', () => {
  it('reports its status into the view by id, and Automatic takes it when nothing before it can answer', async () => {
    const host = new FakeHost();
    host.refuse = 'Specified native messaging host not found.';
    bg = await boot(host);
    await bg.flush();
    expect(bg.shell.snapshot().view.host.ports.echo).toEqual({
      name: 'the echo port',
      status: { availability: 'available' },
      line: 'the echo port answers every call: on task',
    });
    expect(aiTargetOf(bg.shell.state)).toEqual({ port: 'echo', backend: 'echo' });
    const test = (await bg.send({ type: 'testBackend', backend: 'echo' })) as Reply<'testBackend'>;
    expect(test).toMatchObject({ ok: true, value: { backend: 'echo' } });
  });
});
