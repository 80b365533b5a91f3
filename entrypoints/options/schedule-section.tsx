// Options: the scheduled focus blocks (days, start, length, template, start by itself), each with its problems in words beside it.
import type { Template } from '../../shared/plan/plan-records';
import { WEEKDAY_NAMES, WEEKDAY_SHORT } from '../../shared/plan/week';
import { Hint, Section } from './field';
import { newBlock, type BlockDraft, type ScheduleErrors } from './schedule-draft';

/** Monday first, as most calendars the person reads do; stored as Date.getDay() numbers. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

function newId(): string {
  return `b-${crypto.randomUUID().slice(0, 13)}`;
}

export function ScheduleSection(p: {
  blocks: BlockDraft[];
  templates: readonly Pick<Template, 'id' | 'name'>[];
  errors: ScheduleErrors | undefined;
  set(blocks: BlockDraft[]): void;
}) {
  const { blocks, templates } = p;
  const change = (index: number, patch: Partial<BlockDraft>) => p.set(blocks.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  const general = p.errors?.[-1];
  return (
    <Section title="Schedule" id="schedule-title" anchor="schedule">
      <div class="stack" data-testid="schedule">
        <Hint>
          Focus blocks at fixed times: when one is due, antidrift offers it (or starts it by itself). Times are your local time, wherever
          you are.
        </Hint>
        {templates.length === 0 ? (
          <p class="muted" data-testid="schedule-no-templates">
            Save a template first (popup → Save as template).
          </p>
        ) : null}
        {general?.map((message) => (
          <p class="error" key={message}>
            {message}
          </p>
        ))}
        {blocks.map((block, index) => (
          <BlockEditor
            key={block.id}
            block={block}
            index={index}
            templates={templates}
            errors={p.errors?.[index] ?? []}
            change={(patch) => change(index, patch)}
            remove={() => p.set(blocks.filter((_, i) => i !== index))}
          />
        ))}
        <div>
          <button
            type="button"
            data-testid="schedule-add"
            disabled={templates.length === 0}
            onClick={() => p.set([...blocks, newBlock(newId(), templates[0]?.id ?? '')])}
          >
            Add block
          </button>
        </div>
      </div>
    </Section>
  );
}

function BlockEditor(p: {
  block: BlockDraft;
  index: number;
  templates: readonly Pick<Template, 'id' | 'name'>[];
  errors: string[];
  change(patch: Partial<BlockDraft>): void;
  remove(): void;
}) {
  const { block, index } = p;
  const id = `block-${index}`;
  const toggleDay = (day: number, on: boolean) =>
    p.change({ days: on ? [...block.days, day].sort((a, b) => a - b) : block.days.filter((d) => d !== day) });
  const known = p.templates.some((t) => t.id === block.templateId);
  return (
    <fieldset class="block-editor" data-testid={`schedule-block-${index}`} aria-invalid={p.errors.length ? 'true' : undefined}>
      <legend>Block {index + 1}</legend>
      <div class="row wrap" role="group" aria-label="Days">
        {WEEK_ORDER.map((day) => (
          <label key={day} class="day-check" title={WEEKDAY_NAMES[day]}>
            <input
              type="checkbox"
              data-testid={`${id}-day-${day}`}
              checked={block.days.includes(day)}
              onChange={(e) => toggleDay(day, e.currentTarget.checked)}
            />
            {WEEKDAY_SHORT[day]}
          </label>
        ))}
      </div>
      <div class="row wrap">
        <label class="field">
          <span>Start</span>
          <input type="time" data-testid={`${id}-start`} value={block.start} onInput={(e) => p.change({ start: e.currentTarget.value })} />
        </label>
        <label class="field">
          <span>Length (minutes)</span>
          <input
            type="number"
            min={5}
            max={720}
            step={5}
            data-testid={`${id}-length`}
            value={block.lengthMinutes}
            onInput={(e) => p.change({ lengthMinutes: e.currentTarget.value })}
          />
        </label>
        <label class="field">
          <span>Template</span>
          <select data-testid={`${id}-template`} value={block.templateId} onChange={(e) => p.change({ templateId: e.currentTarget.value })}>
            {known ? null : <option value={block.templateId}>(deleted template)</option>}
            {p.templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="row wrap">
        <label class="day-check">
          <input
            type="checkbox"
            data-testid={`${id}-auto-start`}
            checked={block.autoStart}
            onChange={(e) => p.change({ autoStart: e.currentTarget.checked })}
          />
          Start by itself
        </label>
        <button type="button" class="link" data-testid={`${id}-delete`} onClick={p.remove}>
          Delete block
        </button>
      </div>
      {p.errors.map((message) => (
        <p class="error" key={message} data-testid={`${id}-error`}>
          {message}
        </p>
      ))}
    </fieldset>
  );
}
