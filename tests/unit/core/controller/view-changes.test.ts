// What a published view changes for the badge and the toasts, decided once: only the badge fields that differ, the toast slice only when it moved.
import { describe, expect, it } from 'vitest';
import { badgeFor } from '../../../../shared/core/badge';
import { surfaceView, toastView, viewChanges } from '../../../../shared/core/controller';
import { Harness } from './harness';

describe('viewChanges', () => {
  it('a new worker writes the whole badge and tells the toasts', () => {
    const h = new Harness();
    const view = surfaceView(h.state);
    expect(viewChanges(null, view)).toEqual({ badge: badgeFor(view), badgeWrites: badgeFor(view), toast: toastView(view) });
  });

  it('on task → drifting: text, colour and title change, and the toasts get the banner', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'parser.ts');
    const before = surfaceView(h.state);
    h.observe('videos.test', 'Cats');
    const after = surfaceView(h.state);
    const changes = viewChanges(before, after);
    expect(changes.badgeWrites).toEqual({ text: '!', color: '#d93025', title: badgeFor(after).title });
    expect(changes.toast?.banner).toMatchObject({ episode: 1 });
  });

  it('a change the badge and the toasts do not show writes nothing and wakes no tab', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'parser.ts');
    const before = surfaceView(h.state);
    h.send({ type: 'hostStatusChanged', at: h.now, host: { connection: 'disconnected', backends: [], error: 'exited' } });
    const after = surfaceView(h.state);
    expect(after.host).not.toEqual(before.host);
    const changes = viewChanges(before, after);
    expect(changes.badgeWrites).toEqual({});
    expect(changes.toast).toBeNull();
  });

  it('only the field that differs is written: the same status with a new task changes the title alone', () => {
    const h = new Harness();
    h.start();
    h.observe('code', 'parser.ts');
    const before = surfaceView(h.state);
    const after = {
      ...before,
      session: { ...before.session!, commitment: { ...before.session!.commitment, nextAction: 'Write the lexer tests' } },
    };
    expect(viewChanges(before, after).badgeWrites).toEqual({ title: badgeFor(after).title });
  });
});
