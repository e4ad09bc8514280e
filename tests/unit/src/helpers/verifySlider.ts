import { fireEvent, screen } from '@testing-library/react';

/** Completes the sign-in page's slider verification (the keyboard way: End on the handle). */
export function verifySlider(): void {
  fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
}
