import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog';

const slow = { timeout: 5_000 };

function renderDialog(props: Partial<ReasonDialogProps> = {}) {
  const onConfirm = vi.fn();
  render(
    <ReasonDialog
      title="Remove the entry"
      description="ethereum: 0xabc"
      label="Note"
      requiredMessage="Write a note"
      maxChars={300}
      confirmLabel="Remove"
      pending={false}
      error={null}
      onConfirm={onConfirm}
      onClose={() => {}}
      testIds={{ reason: 'reason', confirm: 'confirm' }}
      {...props}
    />,
  );
  return onConfirm;
}

describe('ReasonDialog', () => {
  it('requires a reason that is not blank, then gives it trimmed', async () => {
    const user = userEvent.setup();
    const onConfirm = renderDialog();
    expect(screen.getByText('ethereum: 0xabc')).toBeTruthy();
    expect(screen.getByTestId('reason').getAttribute('maxlength')).toBe('300');
    await user.type(screen.getByTestId('reason'), '   ');
    await user.click(screen.getByTestId('confirm'));
    expect(await screen.findByText('Write a note', {}, slow)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('reason'), 'Listed by mistake ');
    await user.click(screen.getByTestId('confirm'));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Listed by mistake'));
  });

  it('takes an empty optional reason as an empty string, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const onConfirm = renderDialog({ requiredMessage: undefined, error: 'The hold is already decided' });
    expect(screen.getByText('The hold is already decided')).toBeTruthy();
    await user.click(screen.getByTestId('confirm'));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith(''));
  });
});
