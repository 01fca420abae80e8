import type { TChildCheckinLabels, TChildLabel } from '@steward/contracts/child-checkin';
import dayjs from 'dayjs';
import { formatDate } from '../../components/dates.ts';
import { CHILD_CHECKIN_TEXTS as T } from './child-checkin-texts.ts';
import { ChildPhoto } from './child-photo.tsx';

const childName = (c: TChildLabel) => `${c.firstName} ${c.lastName}`.trim();

/** The church, the event and its date: the head of every label. */
function LabelHead({ labels }: { labels: TChildCheckinLabels }) {
  return (
    <div className="cc-label-head">
      <div className="cc-label-church">{labels.churchName}</div>
      <div className="cc-label-event">
        {labels.eventName} · {formatDate(labels.eventDate)}
      </div>
    </div>
  );
}

/** The security code in large type and its QR code (which encodes the code itself). */
function CodeRow({ labels }: { labels: TChildCheckinLabels }) {
  return (
    <div className="cc-label-code-row">
      <div>
        <div className="cc-label-small">{T.tagNumber}</div>
        <div className="cc-label-code" data-testid="label-code">
          {labels.securityCode}
        </div>
      </div>
      <img className="cc-label-qr" src={labels.qrCode} alt={`QR code of ${labels.securityCode}`} />
    </div>
  );
}

function parentLine(labels: TChildCheckinLabels): string | null {
  const p = labels.checkedInBy;
  if (!p) return null;
  return `${T.parent}: ${p.name}${p.phone ? ` · ${p.phone}` : ''}`;
}

/**
 * One child's label (spec 2.15 Print Tag card): church, event and date, photo, child's name, room,
 * the allergies / notes line (only when there are notes), the security code with its QR code, the
 * parent's name and phone, and the check-in time.
 */
export function ChildLabel({ labels, child }: { labels: TChildCheckinLabels; child: TChildLabel }) {
  const parent = parentLine(labels);
  return (
    <article className="cc-label" aria-label={`Label for ${childName(child)}`}>
      <LabelHead labels={labels} />
      <div className="cc-label-who">
        <ChildPhoto url={child.pictureUrl} name={childName(child)} size="15mm" />
        <div className="cc-label-name" data-testid="label-child-name">
          {childName(child)}
        </div>
      </div>
      <div className="cc-label-room">
        <span className="cc-label-small">Room</span> <strong data-testid="label-room">{child.room ?? '—'}</strong>
      </div>
      {child.careNotes ? (
        <div className="cc-label-notes" data-testid="label-notes">
          <strong>{T.allergy}:</strong> {child.careNotes}
        </div>
      ) : null}
      <div className="cc-label-fill" />
      <CodeRow labels={labels} />
      {parent ? <div className="cc-label-parent">{parent}</div> : null}
      <div className="cc-label-small">In {dayjs(labels.checkedInAt).format('MM/DD/YYYY h:mm A')}</div>
    </article>
  );
}

/**
 * The parent's pickup label: the same security code and QR code, the children it releases with
 * their rooms, and who brought them. Check-out asks for this code.
 */
export function PickupLabel({ labels }: { labels: TChildCheckinLabels }) {
  const parent = parentLine(labels);
  return (
    <article className="cc-label cc-label-pickup" aria-label="Parent pickup label">
      <LabelHead labels={labels} />
      <div className="cc-label-banner">{T.pickupLabel}</div>
      <CodeRow labels={labels} />
      <ul className="cc-label-children" aria-label="Children">
        {labels.children.map((c) => (
          <li key={c.attendanceRecordId}>
            <strong>{childName(c)}</strong>
            {c.room ? ` · ${c.room}` : ''}
          </li>
        ))}
      </ul>
      <div className="cc-label-fill" />
      {parent ? <div className="cc-label-parent">{parent}</div> : null}
      <div className="cc-label-small">{T.pickupNote}</div>
    </article>
  );
}
