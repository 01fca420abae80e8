import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { SHELL_PATHS } from './shell-context.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/** What the event page hands the thank-you page (absent after a reload: the code alone is shown). */
export interface ThankYouState {
  eventName: string;
  eventDay: string;
  children: { name: string; room: string }[];
}

/**
 * /checkin/thankyou/:code (existing-client-api §1.6 'ThankYou', §4.4): the security code the
 * family's children were checked in under, large, with the instruction to show it at pick-up;
 * the event and each child's room when coming from the event page.
 */
export function ThankYouPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const state = useLocation().state as ThankYouState | null;
  return (
    <div className="cs-thanks">
      <CheckCircleFilled className="cs-thanks-icon" aria-hidden />
      <Typography.Title level={1} className="cs-thanks-title">
        {T.thankYouTitle}
      </Typography.Title>
      {state?.eventName ? (
        <Typography.Paragraph className="cs-thanks-event">
          {T.checkedInFor(state.eventName)} · {state.eventDay}
        </Typography.Paragraph>
      ) : null}
      <section className="cs-code-box" aria-labelledby="cs-code-label">
        <div id="cs-code-label" className="cs-code-label">
          {T.yourCode}
        </div>
        <div className="cs-code" data-testid="security-code">
          {code}
        </div>
        <p className="cs-code-help">{T.showAtPickup}</p>
        <p className="cs-code-help cs-code-help-small">{T.codeOnLabels}</p>
      </section>
      {state?.children.length ? (
        <ul className="cs-thanks-children" aria-label={T.children}>
          {state.children.map((c) => (
            <li key={c.name}>
              <strong>{c.name}</strong> · {c.room}
            </li>
          ))}
        </ul>
      ) : null}
      <Flex gap={8} wrap justify="center">
        <Button type="primary" size="large" onClick={() => void navigate(SHELL_PATHS.dashboard)}>
          {T.backToDashboard}
        </Button>
        <Button size="large" onClick={() => void navigate(SHELL_PATHS.events)}>
          {T.anotherEvent}
        </Button>
      </Flex>
    </div>
  );
}
