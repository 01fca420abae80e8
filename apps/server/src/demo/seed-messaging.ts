import type dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { smsSegments } from '@steward/contracts/sms-segments';
import { queryRows } from '../db/client.ts';
import type { TenantCtx } from '../lib/context.ts';

/** SMS units the demo church starts with (before the history below used some). */
export const DEMO_SMS_UNITS = 2500;

const REMINDER =
  'Dear {firstName}, join us this Sunday at 8am for our Thanksgiving service at Grace Church. Bring a friend!';
const NEWSLETTER_SUBJECT = 'Grace Church this month';
const NEWSLETTER = `<h1 style="font-family:Arial,sans-serif;color:#1f3b57">Grace Church this month</h1>
<p style="font-family:Arial,sans-serif">Dear friends,</p>
<p style="font-family:Arial,sans-serif">Thank you for a wonderful month of worship. The building fund has reached
its second milestone, and the youth retreat is on the 14th. Midweek Bible study continues on Wednesdays at 6pm.</p>
<p style="font-family:Arial,sans-serif">With love,<br>The pastors of Grace Church</p>`;

/**
 * The demo church's messaging history (issue 9): SMS units, a sent SMS reminder to the members
 * (personalised; delivered to all but one whose number is on do-not-disturb), a sent e-mail
 * newsletter, what the local stand-ins received for them (the Outbox), a member's reply and a
 * first-timer who replied STOP (opted out). Written directly with their final statuses: the
 * demo is seeded before the app and its workers start. `members` are [id, name, E.164 phone].
 */
export async function seedDemoMessaging(
  ctx: TenantCtx,
  members: { id: string; name: string; phone: string; email: string }[],
  today: dayjs.Dayjs,
  optOut: { phone: string },
): Promise<void> {
  const t = ctx.tenantId;
  const sentOn = today.subtract(6, 'day').hour(9).minute(30).toDate();
  const newsOn = today.subtract(12, 'day').hour(17).minute(0).toDate();
  const firstName = (name: string) => name.split(' ')[0] ?? name;
  const smsText = (name: string) => REMINDER.replace('{firstName}', firstName(name));
  const segmentsOf = members.map((m) => smsSegments(smsText(m.name)).segments);
  const used = segmentsOf.reduce((a, b) => a + b, 0);

  await ctx.tx.execute(sql`insert into sms_unit_balances (tenant_id, units) values (${t}, ${DEMO_SMS_UNITS - used})`);
  await ctx.tx.execute(
    sql`insert into sms_unit_movements (tenant_id, units, reason, created_at)
        values (${t}, ${DEMO_SMS_UNITS}, 'Units bought', ${today.subtract(30, 'day').toDate()})`,
  );

  const [sms] = await queryRows<{ id: string }>(
    ctx.tx,
    sql`insert into communication_reports (tenant_id, channel, status, sender, body, personalized, segments,
          recipient_count, units_reserved, created_at)
        values (${t}, 'sms', 'done', 'GraceChurch', ${REMINDER}, 1, ${smsSegments(REMINDER).segments},
                ${members.length}, ${used}, ${sentOn}) returning id`,
  );
  await ctx.tx.execute(
    sql`insert into sms_unit_movements (tenant_id, units, reason, report_id, created_at)
        values (${t}, ${-used}, 'Message sent', ${sms!.id}, ${sentOn})`,
  );
  for (const [i, m] of members.entries()) {
    const dnd = i === members.length - 1;
    const [r] = await queryRows<{ id: string }>(
      ctx.tx,
      sql`insert into message_recipients (tenant_id, report_id, person_id, name, address, status, reason, segments,
            provider_message_id, attempts, sent_at, delivered_at, updated_at)
          values (${t}, ${sms!.id}, ${m.id}, ${m.name}, ${m.phone}, ${dnd ? 'undelivered' : 'delivered'},
                  ${dnd ? 'DND Active on Phone Number' : null}, ${segmentsOf[i]!}, ${`dev-demo-${i}`}, 1,
                  ${sentOn}, ${dnd ? null : sentOn}, ${sentOn}) returning id`,
    );
    await ctx.tx.execute(
      sql`insert into outbox_messages (tenant_id, channel, idempotency_key, from_address, to_address, text_body, status, received_at)
          values (${t}, 'sms', ${r!.id}, 'GraceChurch', ${m.phone}, ${smsText(m.name)}, 'accepted', ${sentOn})`,
    );
  }

  const [mail] = await queryRows<{ id: string }>(
    ctx.tx,
    sql`insert into communication_reports (tenant_id, channel, status, sender, subject, body, body_text,
          recipient_count, created_at)
        values (${t}, 'email', 'done', 'Grace Church', ${NEWSLETTER_SUBJECT}, ${NEWSLETTER},
                ${'Grace Church this month. Thank you for a wonderful month of worship.'}, ${members.length}, ${newsOn})
        returning id`,
  );
  for (const m of members) {
    const [r] = await queryRows<{ id: string }>(
      ctx.tx,
      sql`insert into message_recipients (tenant_id, report_id, person_id, name, address, status, attempts, sent_at,
            provider_message_id, updated_at)
          values (${t}, ${mail!.id}, ${m.id}, ${m.name}, ${m.email}, 'sent', 1, ${newsOn}, 'demo', ${newsOn})
          returning id`,
    );
    await ctx.tx.execute(
      sql`insert into outbox_messages (tenant_id, channel, idempotency_key, from_address, to_address, subject,
            text_body, html_body, headers, received_at)
          values (${t}, 'email', ${r!.id}, 'no-reply@steward.local', ${m.email}, ${NEWSLETTER_SUBJECT},
                  ${'Grace Church this month. Thank you for a wonderful month of worship.'}, ${NEWSLETTER},
                  ${JSON.stringify([
                    `Message-ID: <${r!.id}@steward.local>`,
                    `From: Grace Church <no-reply@steward.local>`,
                    `To: ${m.email}`,
                    `Subject: ${NEWSLETTER_SUBJECT}`,
                  ])}::jsonb, ${newsOn})`,
    );
  }

  const replyFrom = members[0]!;
  await ctx.tx.execute(
    sql`insert into sms_replies (tenant_id, from_address, body, received_at)
        values (${t}, ${replyFrom.phone}, 'Amen! I will be there with my family.', ${sentOn}),
               (${t}, ${optOut.phone}, 'STOP', ${sentOn})`,
  );
  await ctx.tx.execute(
    sql`insert into message_opt_outs (tenant_id, channel, address, reason, created_at)
        values (${t}, 'sms', ${optOut.phone}, 'Replied STOP', ${sentOn})`,
  );
}
