import { displayPlatform } from '@core/shared/platforms';
import { reportLog } from '../api/logReporter';
import { readableTextOn } from './readableText';

/** A platform's monogram in its catalogue colour, with its label; unknown platforms get the neutral badge (and a logged warning). */
export function PlatformBadge({ platform, showLabel = true }: { platform: string; showLabel?: boolean }) {
  const info = displayPlatform(platform, (m) => reportLog('warn', m));
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }} data-platform={info.key}>
      <span
        aria-hidden
        style={{
          display: 'inline-grid', placeItems: 'center', minWidth: 22, height: 22, padding: '0 3px', borderRadius: 4,
          background: info.colour, color: readableTextOn(info.colour), fontSize: 11, fontWeight: 700,
        }}
      >
        {info.icon.monogram}
      </span>
      {showLabel ? <span>{info.label}</span> : <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{info.label}</span>}
    </span>
  );
}
