import { describe, expect, it } from 'vitest';
import { ApiError, asApiError, formFailure, GENERIC_ERROR } from './api';

describe('a form failure', () => {
  it('shows the fields the server named, and no extra message', () => {
    expect(formFailure(new ApiError(400, 'Invalid', { postcode: ['Please enter a postcode'] }))).toEqual({ errors: { postcode: ['Please enter a postcode'] }, message: null });
  });

  it("shows the server's message when no field explains it", () => {
    expect(formFailure(new ApiError(409, 'This order can no longer be changed'))).toEqual({ errors: {}, message: 'This order can no longer be changed' });
  });

  it('shows the §8 generic message for anything that is not an answer from the server', () => {
    expect(GENERIC_ERROR).toBe('Oops... looks like something went wrong. Please try again.');
    expect(formFailure(new TypeError('Failed to fetch'))).toEqual({ errors: {}, message: GENERIC_ERROR });
    expect(asApiError('x').status).toBe(0);
  });
});
