// The planner's shell: keeps its state in storage.local, steps the pure planner in order, runs its effects (alarm, notices, starts, history).
import { browser } from 'wxt/browser';
import type { SessionStartInput } from '../../shared/core/controller/events';
import type { Settings } from '../../shared/settings/stored-settings';
import type { HistoryBlock } from '../../shared/history/history-records';
import { planStep, type PlannerEffect, type PlannerEvent } from '../../shared/plan/planner-machine';
import { PlannerState } from '../../shared/plan/planner-state';
import { planView, type PlanView } from '../../shared/plan/plan-view';
import { holdsCommitment } from '../../shared/plan/plan-records';
import { startInputOf } from '../../shared/plan/start-input';
import { errorText } from '../../shared/util/error-text';
import { serial, type Serial } from '../../shared/util/serial';
import { daySummaryText } from '../../shared/history/day-summary';
import type { TodaySummary } from '../../shared/history/history-records';
import { clearBlockNotice, notifyBlockDue, notifyDaySummary } from './block-notices';
import type { Diagnostics } from '../diagnostics';

export const PLAN_ALARM = 'antidrift-plan';
export const PLAN_KEY = 'plan';

export interface PlannerDeps {
  now(): number;
  /** The IANA zone the person's clock is in now (it changes when they travel). */
  zone(): string;
  settings(): Settings;
  sessionRunning(): boolean;
  /** Starts a session; resolves false (the reason already in diagnostics) when the controller refused it. */
  startSession(input: SessionStartInput): Promise<boolean>;
  /** Records what became of a block, through the history recorder (the one owner of the history database). */
  saveBlock(block: HistoryBlock): Promise<void>;
  /** Today so far from the history recorder (null when history cannot be read). */
  today(): Promise<TodaySummary | null>;
  /** The other features' lines for the end-of-day summary (the weekly goal's), after today's totals. */
  summaryLines(): Promise<string[]>;
  diagnostics: Diagnostics;
}

/** Why a block cannot be started, in the words the popup shows. */
export class BlockRefused extends Error {}

export class Planner {
  #state: PlannerState | null = null;
  /** Steps run one after another, each on the state the previous one left (the first waits for the stored state). */
  readonly #steps: Serial;

  constructor(private readonly deps: PlannerDeps) {
    // One failed step (storage refused) must not stop the ones after it: it is said in diagnostics and its caller told.
    this.#steps = serial({
      after: this.#load(),
      onError: (error) => this.deps.diagnostics.add('warn', `schedule: ${errorText(error)}`),
    });
  }

  async #load(): Promise<void> {
    const raw = (await browser.storage.local.get(PLAN_KEY).catch(() => ({}) as Record<string, unknown>))[PLAN_KEY];
    if (raw === undefined || raw === null) return;
    const parsed = PlannerState.safeParse(raw);
    if (parsed.success) this.#state = parsed.data;
    else
      this.deps.diagnostics.add(
        'warn',
        `the stored schedule state was unreadable and was reset (blocks already past are not reported): ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      );
  }

  /** Looks at the clock and the settings: worker start, the plan alarm, saved settings, a session that ended. */
  wake(): Promise<void> {
    return this.#step(() => ({
      type: 'woke',
      at: this.deps.now(),
      zone: this.deps.zone(),
      sessionRunning: this.deps.sessionRunning(),
      plan: this.deps.settings(),
    }));
  }

  /** Start (from the popup or a notification): refused in words when the block is gone or its template cannot start a session. */
  async start(key: string): Promise<void> {
    await this.#steps.idle();
    const offer = this.#state?.offers.find((o) => o.key === key && o.outcome === null);
    if (!offer || this.deps.now() >= offer.end) throw new BlockRefused('this block is no longer on offer');
    const template = this.deps.settings().templates.find((t) => t.id === offer.templateId);
    if (!template) throw new BlockRefused(`the template of ${offer.label} was deleted: choose another one in Options → Schedule`);
    if (!holdsCommitment(template))
      throw new BlockRefused(`"${template.name}" has no next action and done-when yet: add them to the template, or start from the form`);
    await this.#step(() => ({ type: 'offerStarted', at: this.deps.now(), key }));
    await this.wake();
  }

  async snooze(key: string): Promise<void> {
    await this.#step(() => ({ type: 'offerSnoozed', at: this.deps.now(), key }));
    await this.wake();
  }

  async dismiss(key: string): Promise<void> {
    await this.#step(() => ({ type: 'offerDismissed', at: this.deps.now(), key }));
    await this.wake();
  }

  /** What the popup shows: the block on offer and today's list. */
  async view(): Promise<PlanView> {
    await this.#steps.idle();
    return planView(this.#state, this.deps.settings(), this.deps.zone(), this.deps.now(), this.deps.sessionRunning());
  }

  /** Resolves when every step so far, and any queued meanwhile, has run (tests, and callers that need the state settled). */
  settled(): Promise<void> {
    return this.#steps.idle();
  }

  #step(eventOf: () => PlannerEvent): Promise<void> {
    return this.#steps.run(async () => {
      // The event is made when its turn comes: the clock and the session are read then, not when it was queued.
      const { state, effects } = planStep(this.#state, eventOf());
      const changed = state !== this.#state;
      this.#state = state;
      if (changed && state) await browser.storage.local.set({ [PLAN_KEY]: state });
      for (const effect of effects) {
        try {
          await this.#run(effect);
        } catch (error) {
          this.deps.diagnostics.add('warn', `schedule: ${effect.type} failed: ${errorText(error)}`);
        }
      }
    });
  }

  async #run(effect: PlannerEffect): Promise<void> {
    switch (effect.type) {
      case 'armPlanAlarm':
        if (effect.at === null) await browser.alarms.clear(PLAN_ALARM);
        else await browser.alarms.create(PLAN_ALARM, { when: effect.at });
        return;
      case 'notifyBlockDue': {
        const end = this.#state?.offers.find((o) => o.key === effect.key)?.end ?? null;
        return notifyBlockDue({ ...effect, end, zone: this.#state?.zone ?? this.deps.zone() });
      }
      case 'clearBlockNotice':
        await clearBlockNotice(effect.key);
        return;
      case 'startBlock':
        return this.#startBlock(effect.key, effect.templateId);
      case 'recordBlock': {
        const { type: _type, ...block } = effect;
        return this.deps.saveBlock(block satisfies HistoryBlock);
      }
      case 'notifyDaySummary':
        return notifyDaySummary(effect.date, await this.#summaryText());
    }
  }

  async #startBlock(key: string, templateId: string): Promise<void> {
    const template = this.deps.settings().templates.find((t) => t.id === templateId);
    const started = template ? await this.deps.startSession(startInputOf(template)) : false;
    if (!started) {
      const label = this.#state?.offers.find((o) => o.key === key)?.label ?? 'a scheduled block';
      this.deps.diagnostics.add('warn', `${label} could not start: ${template ? 'the session was refused' : 'its template was deleted'}`);
    }
  }

  /** Today's totals, biggest pull and blocks — read from history, never made up. */
  async #summaryText(): Promise<string> {
    const today = await this.deps.today();
    if (!today) throw new Error('history could not be read');
    return [daySummaryText(today), ...(await this.deps.summaryLines().catch(() => []))].join(' ');
  }
}
