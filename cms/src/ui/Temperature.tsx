import { degrees, HOT_AT } from '../lib/format';

/**
 * A deal's temperature, hot votes minus cold. It is only ever shown: editors do not vote. In lists it follows votes
 * within the stream delay; on a deal's own page it is exact at the moment of the answer.
 */
export function Temperature({ value, labelled = false }: { value: number; labelled?: boolean }) {
  const tone = value >= HOT_AT ? 'hot' : value < 0 ? 'cold' : 'mild';
  return (
    <span class={`temperature ${tone}`} data-testid="temperature" title="Temperature: hot votes minus cold votes">
      <span class={labelled ? undefined : 'visually-hidden'}>Temperature </span>{degrees(value)}
    </span>
  );
}
