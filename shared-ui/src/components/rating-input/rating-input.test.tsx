import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { RatingInput, type RatingInputProps } from './rating-input';

function Controlled({
  initial = null,
  onChange,
  ...rest
}: Partial<RatingInputProps> & { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <RatingInput
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('RatingInput', () => {
  it('is a radio group named by its label, with five stars named "N stars"', () => {
    renderWithProviders(<Controlled label="Your rating" />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.queryAllByRole('radio', { checked: true })).toHaveLength(0);
  });

  it('defaults its label to "Rating" and speaks Spanish', () => {
    renderWithProviders(<Controlled />, { language: 'es' });
    expect(screen.getByRole('radiogroup', { name: 'Calificación' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1 estrella' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 estrellas' })).toBeInTheDocument();
  });

  it('chooses a value by click', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(onChange).toHaveBeenCalledWith(4);
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
  });

  it('has one tab stop: the chosen star, else the first', async () => {
    const { user, unmount } = renderWithProviders(
      <>
        <button type="button">before</button>
        <Controlled />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    unmount();

    renderWithProviders(<Controlled initial={3} />);
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveAttribute('tabindex', '-1');
  });

  it('moves and chooses with arrow keys, wrapping, and jumps with Home / End', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controlled initial={3} onChange={onChange} />);
    screen.getByRole('radio', { name: '3 stars' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('does not report choosing the value it already has', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controlled initial={2} onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows an error that describes the group and marks it invalid', () => {
    renderWithProviders(<Controlled error="Please choose a rating" required />);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(group).toHaveAccessibleDescription('Please choose a rating');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAttribute('aria-required', 'true');
  });

  it('cannot be changed while disabled', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controlled initial={2} disabled onChange={onChange} />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('can keep its label for screen readers only', () => {
    renderWithProviders(<Controlled label="Rate this course" hideLabel />);
    expect(screen.getByRole('radiogroup', { name: 'Rate this course' })).toBeInTheDocument();
  });
});
