import { useId, useState, type ComponentProps, type Ref } from 'react';

/**
 * A labelled input of the public pages with its error under it (plain markup, public-page.css).
 * `password` adds a Show/Hide button. Other props go to the input.
 */
export function TextField({
  label,
  error,
  password = false,
  inputRef,
  ...props
}: {
  label: string;
  error?: string | undefined;
  password?: boolean;
  inputRef?: Ref<HTMLInputElement>;
} & ComponentProps<'input'>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const input = (
    <input
      {...props}
      id={id}
      ref={inputRef}
      className="pp-input"
      type={password ? (shown ? 'text' : 'password') : props.type}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    />
  );
  return (
    <div className={error ? 'pp-field has-error' : 'pp-field'}>
      <label className="pp-label" htmlFor={id}>
        {label}
      </label>
      {password ? (
        <div className="pp-password">
          {input}
          <button
            type="button"
            className="pp-password-toggle"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      ) : (
        input
      )}
      {error ? (
        <div id={`${id}-error`} className="pp-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
