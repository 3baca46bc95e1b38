import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp, signInWith } from '../../../../test/render';
import { MaterialUpload } from './MaterialUpload';

beforeEach(() => signInWith(['wxmp:wxmaterial:add']));

describe('MaterialUpload', () => {
  it('shows the voice hint (at most 60 s) on every voice upload, not only the materials page', () => {
    renderWithApp(<MaterialUpload appId="wx1" type="voice" onUploaded={() => undefined} />);
    expect(screen.getByTestId('upload-voice')).toHaveTextContent('播放长度不超过60s');
  });

  it('shows no hint on an image upload unless the page gives one', () => {
    renderWithApp(<MaterialUpload appId="wx1" type="image" onUploaded={() => undefined} />);
    expect(screen.getByTestId('upload-image')).not.toHaveTextContent('支持');
  });
});
