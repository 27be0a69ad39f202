import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { RatingStars } from './rating-stars';

function stars(): string[] {
  return Array.from(document.querySelectorAll('[data-star]')).map(
    (star) => star.getAttribute('data-star') ?? '',
  );
}

describe('RatingStars', () => {
  it('is one image that reads the rating out of 5', () => {
    renderWithProviders(<RatingStars value={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(stars()).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });

  it('draws fractions to the nearest half star and reads one decimal', () => {
    renderWithProviders(<RatingStars value={3.46} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeInTheDocument();
    expect(stars()).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });

  it('says when there is no rating yet, with empty stars', () => {
    renderWithProviders(<RatingStars value={null} />);
    expect(screen.getByRole('img', { name: 'Not rated yet' })).toBeInTheDocument();
    expect(stars()).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('keeps out-of-range values within 0–5', () => {
    renderWithProviders(<RatingStars value={7} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(stars()).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('speaks Spanish with a decimal comma', () => {
    renderWithProviders(<RatingStars value={4.25} />, { language: 'es' });
    expect(screen.getByRole('img', { name: 'Calificación: 4,3 de 5' })).toBeInTheDocument();
  });
});
