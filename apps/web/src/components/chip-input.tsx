import { CloseOutlined } from '@ant-design/icons';
import { Form, Tag, theme } from 'antd';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/*
 * Chip-style entry of a list of short texts (spec 2.20 'a chip-style entry for dropdown
 * options'; §5: 'chips are added on Enter or when a comma is typed, duplicates are ignored,
 * and Backspace on an empty input removes the last chip'). The list rules are pure functions
 * below (unit-tested in chip-input.test.ts); the component only wires keys to them.
 */

/** What adding text to a chip list gave: the new list and the texts left out as duplicates. */
export interface ChipAddResult {
  chips: string[];
  /** trimmed texts that were already in the list (case-insensitively), in typing order */
  duplicates: string[];
}

const chipKey = (chip: string) => chip.toLocaleLowerCase();

/**
 * Adds the comma-separated texts of `text` to `chips`: each is trimmed, blanks are dropped, and
 * a text already present (case-insensitively, including earlier in `text`) is left out and
 * reported in `duplicates`. `chips` is not changed; the first spelling of a chip is kept.
 */
export function addChips(chips: readonly string[], text: string): ChipAddResult {
  const next = [...chips];
  const seen = new Set(chips.map(chipKey));
  const duplicates: string[] = [];
  for (const part of text.split(',')) {
    const chip = part.trim();
    if (chip === '') continue;
    if (seen.has(chipKey(chip))) {
      duplicates.push(chip);
      continue;
    }
    seen.add(chipKey(chip));
    next.push(chip);
  }
  return { chips: next, duplicates };
}

/** `chips` without the chip at `index` (unchanged copy when out of range). */
export function removeChipAt(chips: readonly string[], index: number): string[] {
  return chips.filter((_, i) => i !== index);
}

/**
 * Splits what is typed in the chip input at its last comma: `complete` is the text before it
 * (to be added as chips), `rest` what stays in the input. No comma: nothing is complete.
 */
export function splitTyped(text: string): { complete: string; rest: string } {
  const cut = text.lastIndexOf(',');
  return cut < 0 ? { complete: '', rest: text } : { complete: text.slice(0, cut), rest: text.slice(cut + 1) };
}

/** A list as chips: trimmed, without blanks or case-insensitive duplicates (first spelling kept). */
export function normalizeChips(list: readonly string[]): string[] {
  return list.reduce<string[]>((acc, chip) => addChips(acc, chip.replace(/,/g, ' ')).chips, []);
}

export interface ChipInputProps {
  /** The chips, in order (antd Form.Item passes it). */
  value?: string[];
  /** Called with the whole new list after each add or remove. */
  onChange?: (chips: string[]) => void;
  placeholder?: string;
  /** Accessible name of the text input, and of the group around the chips. */
  'aria-label'?: string;
  /** The input's id (Form.Item passes it so that its label focuses the input). */
  id?: string;
  disabled?: boolean;
  /** Longest text one chip may have. */
  maxChipLength?: number;
}

/**
 * A text input that turns what is typed into removable chips: Enter or a comma adds the text
 * (a pasted 'a, b, c' adds three), a duplicate (case-insensitive) is ignored and said so,
 * Backspace in the empty input removes the last chip, each chip has a 'Remove {chip}' button,
 * and text left in the input is added when it loses focus. Enter in the empty input is left to
 * the form (it submits). Inside an antd Form.Item it takes the item's value, id and error status.
 */
export function ChipInput({
  value,
  onChange,
  placeholder,
  'aria-label': ariaLabel,
  id,
  disabled,
  maxChipLength = 100,
}: ChipInputProps) {
  const chips = value ?? [];
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState('');
  const [focused, setFocused] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const { status } = Form.Item.useStatus();
  const { token } = theme.useToken();
  const hintId = useId();
  const noticeId = useId();

  const add = (text: string) => {
    const result = addChips(chips, text);
    if (result.chips.length !== chips.length) onChange?.(result.chips);
    setNotice(
      result.duplicates.length > 0
        ? `${result.duplicates.map((d) => `'${d}'`).join(', ')} ${result.duplicates.length === 1 ? 'is' : 'are'} already in the list`
        : '',
    );
  };

  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    const { complete, rest } = splitTyped(e.target.value);
    if (complete !== '') add(complete);
    else setNotice('');
    setDraft(rest);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && draft.trim() !== '') {
      e.preventDefault();
      add(draft);
      setDraft('');
    } else if (e.key === 'Backspace' && draft === '' && chips.length > 0) {
      e.preventDefault();
      onChange?.(removeChipAt(chips, chips.length - 1));
      setNotice('');
    }
  };

  const borderColor = status === 'error' ? token.colorError : focused ? token.colorPrimary : token.colorBorder;

  return (
    <div>
      <div
        role="group"
        aria-label={ariaLabel}
        onClick={() => inputRef.current?.focus()}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
          setFocused(false);
          if (draft.trim() !== '') add(draft);
          setDraft('');
        }}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 4,
          minHeight: token.controlHeight,
          padding: '3px 7px',
          border: `${token.lineWidth}px ${token.lineType} ${borderColor}`,
          borderRadius: token.borderRadius,
          background: disabled ? token.colorBgContainerDisabled : token.colorBgContainer,
          boxShadow: focused
            ? `0 0 0 2px ${status === 'error' ? token.colorErrorOutline : token.controlOutline}`
            : undefined,
          cursor: disabled ? 'not-allowed' : 'text',
          transition: `border-color ${token.motionDurationMid}`,
        }}
      >
        {chips.map((chip, index) => (
          <Tag key={chipKey(chip)} style={{ marginInlineEnd: 0, display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            <span style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {chip}
            </span>
            <button
              type="button"
              aria-label={`Remove ${chip}`}
              disabled={disabled}
              onClick={(e) => {
                e.stopPropagation();
                onChange?.(removeChipAt(chips, index));
                inputRef.current?.focus();
              }}
              style={{
                display: 'inline-flex',
                padding: 2,
                border: 0,
                background: 'none',
                color: token.colorTextSecondary,
                cursor: 'pointer',
                fontSize: 10,
              }}
            >
              <CloseOutlined aria-hidden />
            </button>
          </Tag>
        ))}
        <input
          ref={inputRef}
          id={id}
          value={draft}
          onChange={onType}
          onKeyDown={onKeyDown}
          placeholder={chips.length === 0 ? placeholder : undefined}
          aria-label={ariaLabel}
          aria-describedby={`${hintId} ${noticeId}`}
          aria-invalid={status === 'error' || undefined}
          disabled={disabled}
          maxLength={maxChipLength}
          style={{
            flex: '1 0 120px',
            minWidth: 120,
            height: token.controlHeight - 8,
            padding: '0 4px',
            border: 0,
            outline: 'none',
            background: 'transparent',
            font: 'inherit',
            color: token.colorText,
          }}
        />
        <span id={hintId} className="visually-hidden">
          Press Enter or type a comma to add; Backspace in the empty box removes the last one.
        </span>
      </div>
      <div
        id={noticeId}
        role="status"
        aria-live="polite"
        style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
      >
        {notice}
      </div>
    </div>
  );
}
