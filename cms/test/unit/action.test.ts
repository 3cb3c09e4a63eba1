import { describe, expect, it } from 'vitest';
import type { Outcome, Problem } from '../../src/api/client';
import { outcomeOf } from '../../src/lib/action';
import { createOwner, GONE, keyed, type Keyed, type KeyedEvent, lands, many, type ManyEvent, nothing } from '../../src/lib/keyed';

const value = (v: string) => () => v;
const oops: Problem = { status: 409, message: 'taken' };

/** A request whose answer the test gives when it likes. */
function later<X>() {
  let answer: (o: Outcome<X>) => void = () => undefined;
  const promise = new Promise<Outcome<X>>((resolve) => { answer = resolve; });
  return { load: () => promise, answer: (o: Outcome<X>) => answer(o) };
}

const ok = (data: string): Outcome<string> => ({ ok: true, status: 200, data });
const replace = (_: string | null, answer: string) => answer;

/** An owner of one keyed state, as useAction's, with what its screen's reducer was told. */
function single() {
  const told: KeyedEvent<string>[] = [];
  const owner = createOwner<string, Keyed<string>, KeyedEvent<string>>(nothing('run#0'), keyed<string>, (s) => s, GONE,
    (e) => told.push(e));
  return { owner, told };
}

describe('lands: the rule that decides whether an answer\'s continuation runs', () => {
  it('is the reducer\'s own: the latest request of the key shown lands, once', () => {
    const asked = [
      { type: 'ask', key: 'run#1', request: 1, at: null },
      { type: 'ask', key: 'run#2', request: 2, at: null },
    ].reduce((s, e) => keyed<string>(s, e as KeyedEvent<string>), nothing<string>('run#0'));
    const late: KeyedEvent<string> = { type: 'answer', key: 'run#1', request: 1, apply: value('one') };
    const current: KeyedEvent<string> = { type: 'answer', key: 'run#2', request: 2, apply: value('two') };
    expect(lands(asked, late)).toBe(false);
    expect(keyed(asked, late)).toBe(asked);
    expect(lands(asked, current)).toBe(true);
    // Once in, nothing is awaited: the same answer again does not land.
    expect(lands(keyed(asked, current), current)).toBe(false);
  });

  it('lands a failure like an answer, and nothing else', () => {
    const asked = keyed<string>(nothing('a'), { type: 'ask', key: 'a', request: 5, at: null });
    expect(lands(asked, { type: 'failed', key: 'a', request: 5, problem: oops })).toBe(true);
    expect(lands(asked, { type: 'show', key: 'a' })).toBe(false);
    expect(lands(asked, { type: 'put', key: 'a', data: 'x' })).toBe(false);
  });

  it('lands nothing once the screen is gone', () => {
    const asked = keyed<string>(nothing('a'), { type: 'ask', key: 'a', request: 5, at: null });
    expect(lands(keyed(asked, GONE), { type: 'answer', key: 'a', request: 5, apply: value('A') })).toBe(false);
  });
});

describe('createOwner: a continuation runs only for the run still current', () => {
  it('runs no continuation for a late answer, and the current one\'s once', async () => {
    const { owner } = single();
    const first = later<string>();
    const second = later<string>();
    const ran: string[] = [];
    const one = owner.ask('run#1', first.load, replace, { after: (o) => ran.push(`first ${o.ok}`) });
    const two = owner.ask('run#2', second.load, replace, { after: (o) => ran.push(`second ${o.ok}`) });
    first.answer(ok('one'));
    expect(await one).toBe(false);
    expect(ran).toEqual([]);
    expect(owner.current().data).toBeNull();
    second.answer(ok('two'));
    expect(await two).toBe(true);
    expect(ran).toEqual(['second true']);
    expect(owner.current().data).toBe('two');
  });

  it('runs a failed run\'s continuation too, when it is current', async () => {
    const { owner } = single();
    const r = later<string>();
    const ran: Outcome<string>[] = [];
    const landed = owner.ask('run#1', r.load, replace, { after: (o) => ran.push(o) });
    r.answer({ ok: false, problem: oops });
    expect(await landed).toBe(true);
    expect(ran).toEqual([{ ok: false, problem: oops }]);
    expect(owner.current().problem).toBe(oops);
  });

  it('runs nothing for a run cleared meanwhile (another key shown)', async () => {
    const { owner } = single();
    const r = later<string>();
    let ran = 0;
    const landed = owner.ask('run#1', r.load, replace, { after: () => { ran += 1; } });
    owner.send({ type: 'show', key: 'run#2' });
    r.answer(ok('one'));
    expect(await landed).toBe(false);
    expect(ran).toBe(0);
  });

  it('runs nothing after its screen is gone, and tells the gone screen nothing', async () => {
    const { owner, told } = single();
    const r = later<string>();
    let ran = 0;
    const landed = owner.ask('run#1', r.load, replace, { after: () => { ran += 1; } });
    owner.gone();
    const before = told.length;
    r.answer(ok('one'));
    expect(await landed).toBe(false);
    expect(ran).toBe(0);
    // The answer still goes to the reducer (harmless: it drops it, and an unmounted screen renders nothing).
    expect(told.slice(before).map((e) => e.type)).toEqual(['answer']);
  });

  it('holds many keys by the same rule: a key asked again lands only its latest answer', async () => {
    const told: ManyEvent<string>[] = [];
    const owner = createOwner<string, Record<string, Keyed<string>>, ManyEvent<string>>({}, many<string>,
      (s, key) => s[key] ?? nothing(key), { type: 'drop' }, (e) => told.push(e));
    const a1 = later<string>();
    const a2 = later<string>();
    const b = later<string>();
    const ran: string[] = [];
    const first = owner.ask('a', a1.load, replace, { after: () => ran.push('a1') });
    const second = owner.ask('a', a2.load, replace, { after: () => ran.push('a2') });
    const other = owner.ask('b', b.load, replace, { after: () => ran.push('b') });
    a1.answer(ok('x'));
    a2.answer(ok('y'));
    expect([await first, await second]).toEqual([false, true]);
    owner.gone();
    b.answer(ok('z'));
    expect(await other).toBe(false);
    expect(ran).toEqual(['a2']);
  });
});

describe('outcomeOf: a run\'s result as the answer held', () => {
  it('is a problem, a message, or nothing to say', () => {
    expect(outcomeOf({ problem: oops, after: () => undefined })).toEqual({ ok: false, problem: oops });
    expect(outcomeOf({ done: 'Saved.' })).toEqual({ ok: true, status: 200, data: { done: 'Saved.' } });
    expect(outcomeOf({ after: () => undefined })).toEqual({ ok: true, status: 200, data: { done: null } });
    expect(outcomeOf(null)).toEqual({ ok: true, status: 200, data: { done: null } });
  });
});
