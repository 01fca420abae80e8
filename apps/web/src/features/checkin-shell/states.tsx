import { Alert, Button, Skeleton } from 'antd';
import { errorText } from './shell-model.ts';
import { SHELL_TEXTS as T } from './texts.ts';

/** A part of a page loading: a skeleton marked busy. */
export function Loading({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label={T.loading} className="cs-loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

/** A part of a page that failed to load: the reason and 'Try again'. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorText(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {T.tryAgain}
        </Button>
      }
    />
  );
}
