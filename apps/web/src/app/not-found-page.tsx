import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Any route the app does not know. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist."
      extra={
        <Button type="primary" onClick={() => void navigate('/tenant')}>
          Go to the dashboard
        </Button>
      }
    />
  );
}
