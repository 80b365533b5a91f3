// The weekly focus goal where the popup and the History page show it: this week's focus against the goal, as words and a bar.
import { useEffect, useState } from 'preact/hooks';
import { goalProgress, goalText, type GoalProgress, type WeeklyGoalState } from '../../shared/goal/goal-words';
import { useClient } from '../connection/surface-client';

/** The goal as the worker answers it (asked once per mount); null until it does, or when it cannot. */
export function useWeeklyGoal(): WeeklyGoalState | null {
  const client = useClient();
  const [goal, setGoal] = useState<WeeklyGoalState | null>(null);
  useEffect(() => {
    void client.request({ type: 'getWeeklyGoal' }).then((reply) => setGoal(reply.ok ? reply.value : null));
  }, [client]);
  return goal;
}

/** The progress to draw, once the worker answered: null without a goal, or when history cannot be read (never a made-up 0). */
function useGoalProgress(): GoalProgress | null {
  const goal = useWeeklyGoal();
  return goal && goalProgress(goal);
}

/** One line and a bar, or nothing. */
export function WeeklyGoalLine() {
  const progress = useGoalProgress();
  return progress ? <GoalBar progress={progress} /> : null;
}

/** The same, as a card of the History page (whatever range it shows, the goal is this week's). */
export function WeeklyGoalCard() {
  const progress = useGoalProgress();
  if (!progress) return null;
  return (
    <section class="card" aria-labelledby="weekly-goal-title">
      <h2 id="weekly-goal-title">Weekly goal</h2>
      <GoalBar progress={progress} />
    </section>
  );
}

function GoalBar({ progress }: { progress: GoalProgress }) {
  const text = goalText(progress);
  return (
    <div class={`weekly-goal${progress.met ? ' met' : ''}`} data-testid="weekly-goal" data-met={progress.met}>
      <span class="weekly-goal-text">{text}</span>
      <progress class="weekly-goal-bar" max={1} value={progress.fraction} aria-label="Weekly focus goal" aria-valuetext={text} />
    </div>
  );
}
