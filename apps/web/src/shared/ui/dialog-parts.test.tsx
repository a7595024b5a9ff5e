import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogButtons, DialogError } from './dialog-parts';

function renderButtons(props: Partial<Parameters<typeof DialogButtons>[0]> = {}) {
  const onCancel = vi.fn();
  const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
  render(
    <form onSubmit={onSubmit}>
      <DialogButtons onCancel={onCancel} cancelText="Cancel" submitText="Save" submitTestId="save" {...props} />
    </form>,
  );
  return { onCancel, onSubmit };
}

describe('DialogButtons', () => {
  it('cancels with the first button and submits the form with the second', async () => {
    const user = userEvent.setup();
    const { onCancel, onSubmit } = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('save').className).not.toContain('ant-btn-dangerous');
    await user.click(screen.getByTestId('save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('holds cancel while the submission is on its way, and marks a danger submit', () => {
    renderButtons({ isPending: true, isDanger: true });
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    const save = screen.getByTestId('save');
    expect(save.className).toContain('ant-btn-loading');
    expect(save.className).toContain('ant-btn-dangerous');
  });
});

describe('DialogError', () => {
  it('shows the refusal with its test id, and nothing without one', () => {
    const { rerender } = render(<DialogError message="The role is in use" testId="refusal" />);
    expect(screen.getByTestId('refusal').textContent).toContain('The role is in use');
    rerender(<DialogError message={null} testId="refusal" />);
    expect(screen.queryByTestId('refusal')).toBeNull();
  });
});
