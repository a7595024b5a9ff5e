import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AllowancePanel } from './allowance-panel';
import { isNotAllowed } from './allowance';
import { levelInfo, renderKyc } from './kyc-test-kit';
import { LevelCards, nextOpenLevel } from './level-cards';

const stateOf = (level: number) => screen.getByTestId(`kyc-level-state-${level}`);

describe('LevelCards', { timeout: 20_000 }, () => {
  it('shows each level with its state, the translated reason and note of a refusal, and the action each allows', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const info = levelInfo(
      {
        basic: { state: 'verified' },
        advanced: { state: 'failed', rejectReason: { key: 'faceMismatch', text: 'Selfie taken in poor light' } },
      },
      1,
    );
    renderKyc(<LevelCards info={info} isCountryChosen openLevel={null} onOpen={onOpen} />);

    expect(stateOf(1).dataset.state).toBe('verified');
    expect(stateOf(1).textContent).toContain('Verified');
    expect(stateOf(2).textContent).toContain('Not approved');
    expect(stateOf(3).textContent).toContain('Not started');

    const reason = screen.getByTestId('kyc-level-reason-2');
    expect(reason.textContent).toContain('Your face does not match the document photo');
    expect(reason.textContent).toContain('Selfie taken in poor light');

    // Verified: nothing to do. Failed: resubmit. Level 3 waits for level 2.
    expect(screen.queryByTestId('kyc-level-action-1')).toBeNull();
    expect(screen.getByTestId('kyc-level-action-2').textContent).toBe('Resubmit');
    expect(screen.queryByTestId('kyc-level-action-3')).toBeNull();
    expect(within(screen.getByTestId('kyc-level-3')).getByText('Complete level 2 first.')).toBeTruthy();

    await user.click(screen.getByTestId('kyc-level-action-2'));
    expect(onOpen).toHaveBeenCalledWith(2);
    // A refused level waits for "resubmit"; it does not open by itself.
    expect(nextOpenLevel(info)).toBeNull();
  });

  it('shows a level in review without an action, a started one as "continue", and waits for the country', () => {
    renderKyc(
      <LevelCards
        info={levelInfo({ basic: { state: 'verified' }, advanced: { state: 'continue' } }, 1)}
        isCountryChosen={false}
        openLevel={null}
        onOpen={vi.fn()}
      />,
    );
    expect(stateOf(2).textContent).toContain('In progress');
    const action = screen.getByTestId('kyc-level-action-2') as HTMLButtonElement;
    expect(action.textContent).toBe('Continue');
    expect(action.disabled).toBe(true);
    expect(screen.getByText('Choose your country or region first.')).toBeTruthy();
  });

  it('shows an application in review with no action', () => {
    const info = levelInfo({ basic: { state: 'verifying' } });
    renderKyc(<LevelCards info={info} isCountryChosen openLevel={null} onOpen={vi.fn()} />);
    expect(stateOf(1).dataset.state).toBe('verifying');
    expect(stateOf(1).textContent).toContain('Under review');
    expect(screen.queryByTestId('kyc-level-action-1')).toBeNull();
    expect(screen.getByText('We are reviewing your application and will let you know the result.')).toBeTruthy();
    expect(nextOpenLevel(info)).toBeNull();
    expect(nextOpenLevel(levelInfo())).toBe(1);
  });
});

describe('AllowancePanel', { timeout: 20_000 }, () => {
  it('says an unverified customer cannot withdraw, and what basic verification would allow', () => {
    renderKyc(<AllowancePanel info={levelInfo()} />);
    expect(screen.getByTestId('kyc-allowance-level').textContent).toBe('Unverified');
    expect(screen.getByTestId('kyc-allowance-withdraw').textContent).toBe('Cannot withdraw');
    expect(screen.getByTestId('kyc-allowance-trade').textContent).toBe('$1,000.00');
    expect(screen.getByTestId('kyc-allowance-next').textContent).toContain('At the next level (Basic)');
    expect(screen.getByTestId('kyc-allowance-next-withdraw').textContent).toBe('$2,000.00');
    expect(screen.getByTestId('kyc-allowance-next-trade').textContent).toBe('$10,000.00');
  });

  it("shows the current level's limits and the next level's", () => {
    renderKyc(<AllowancePanel info={levelInfo({ basic: { state: 'verified' } }, 1)} />);
    expect(screen.getByTestId('kyc-allowance-level').textContent).toBe('Basic');
    expect(screen.getByTestId('kyc-allowance-withdraw').textContent).toBe('$2,000.00');
    expect(screen.getByTestId('kyc-allowance-next').textContent).toContain('At the next level (Advanced)');
    expect(screen.getByTestId('kyc-allowance-next-withdraw').textContent).toBe('$100,000.00');
    expect(screen.getByTestId('kyc-allowance-next-trade').textContent).toBe('$500,000.00');
  });

  it('shows no limit at the top level and no next level', () => {
    const info = levelInfo({ basic: { state: 'verified' }, advanced: { state: 'verified' }, video: { state: 'verified' } }, 3);
    renderKyc(<AllowancePanel info={info} />);
    expect(screen.getByTestId('kyc-allowance-level').textContent).toBe('Video');
    expect(screen.getByTestId('kyc-allowance-withdraw').textContent).toBe('No limit');
    expect(screen.queryByTestId('kyc-allowance-next')).toBeNull();
    expect(screen.getByTestId('kyc-allowance-top').textContent).toBe('You have reached the highest level.');
  });

  it('reads "0" in any decimal form as not allowed', () => {
    expect(['0', '0.00', '0.', '.0', '000'].every(isNotAllowed)).toBe(true);
    expect(['0.01', '10', '2000.00'].some(isNotAllowed)).toBe(false);
    expect(isNotAllowed(null)).toBe(false);
  });
});
