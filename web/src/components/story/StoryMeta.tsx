import { formatLongDate, formatPeriod } from '#web/lib/format.ts';

export interface StoryMetaProps {
  /** The creation timestamp; shown with the long month. */
  createdAt?: string | null;
  location?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  className?: string;
}

/**
 * Created date, place and period of a story, each with a visible word for what it is (clearer
 * than icons for our readers). Items without a value are left out.
 */
export function StoryMeta({ createdAt, location, startDate, endDate, className }: StoryMetaProps) {
  const created = formatLongDate(createdAt);
  const period = formatPeriod(startDate, endDate);
  const place = location?.trim();
  if (!created && !period && !place) return null;
  return (
    <dl className={className ? `story-meta ${className}` : 'story-meta'}>
      {created && createdAt && (
        <div className="story-meta-item" data-meta="created">
          <dt>Created</dt>
          <dd>
            <time dateTime={createdAt}>{created}</time>
          </dd>
        </div>
      )}
      {place && (
        <div className="story-meta-item" data-meta="location">
          <dt>Place</dt>
          <dd>{place}</dd>
        </div>
      )}
      {period && (
        <div className="story-meta-item" data-meta="period">
          <dt>When</dt>
          <dd>{period}</dd>
        </div>
      )}
    </dl>
  );
}
