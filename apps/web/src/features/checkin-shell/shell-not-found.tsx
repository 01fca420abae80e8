import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { SHELL_PATHS } from './shell-context.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/** An unknown path under /checkin: says so inside the shell, with the way back to the dashboard. */
export function ShellNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={T.notFoundTitle}
      subTitle={T.notFoundText}
      extra={
        <Button type="primary" onClick={() => void navigate(SHELL_PATHS.dashboard)}>
          {T.backToDashboard}
        </Button>
      }
    />
  );
}
