// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type {
  CreateSourceInput,
  Source,
  SourceTestResult,
  TestNewSource,
  TestSavedSource,
  UpdateSource,
} from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gitWords } from './git/git-form';
import { UrlSourceForm } from './url-source-form';
import type { UrlKindWords } from './url-source-form';
import { webdavWords } from './webdav/webdav-form';

// The file share's and the repository's forms (issue 43): Test lists the folders or branches, the choice
// becomes settings (none: the whole share; the remote's HEAD: null), a failure says the service's words, and
// Connect saves.

const folder = (path: string, chosen = false) => ({
  path,
  name: path,
  special_use: null,
  messages: null,
  default_selected: chosen,
});

function renderForm(words: UrlKindWords, answer: SourceTestResult) {
  const test = vi.fn<(request: TestNewSource) => Promise<SourceTestResult>>(async () => answer);
  const create = vi.fn<(request: CreateSourceInput) => Promise<Source>>(async () => ({}) as Source);
  const update = vi.fn<(id: string, update: UpdateSource) => Promise<Source>>(async () => ({}) as Source);
  const onSaved = vi.fn();
  render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <UrlSourceForm words={words} api={{ test, create, update }} onSaved={onSaved} onCancel={() => {}} />
    </KitProviders>,
  );
  return { test, create, onSaved };
}

afterEach(cleanup);

describe('the file share form', () => {
  it('tests, lists the top folders, and saves the chosen ones (none: the whole share)', async () => {
    const { test, create } = renderForm(webdavWords, {
      ok: true,
      folders: [folder('Docs'), folder('Reports')],
      default_folders: [],
      certificate: null,
    });
    fireEvent.change(screen.getByLabelText(/WebDAV address/), {
      target: { value: 'https://cloud.example.com/dav/' },
    });
    fireEvent.change(screen.getByLabelText(/User name/), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('App password', { selector: 'input' }), {
      target: { value: 'secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByText(/The share answers/);
    expect(test).toHaveBeenCalledWith({
      kind: 'webdav',
      settings: { url: 'https://cloud.example.com/dav/', username: 'ada', folders: null },
      password: 'secret',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Reports/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[0]).toEqual({
      kind: 'webdav',
      settings: { url: 'https://cloud.example.com/dav/', username: 'ada', folders: ['Reports'] },
      password: 'secret',
    });
  });

  it('a failed test says what happened and what to do, and saves nothing', async () => {
    const { create } = renderForm(webdavWords, {
      ok: false,
      step: 'auth',
      reason: 'cloud.example.com refused the user name and password (HTTP 401).',
      action: 'Enter the user name and an app password again.',
      certificate: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    await screen.findByText(/refused the user name and password/);
    expect(screen.getByText(/Enter the user name and an app password again/)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the repository form', () => {
  it('offers the branches with the default checked; keeping it saves branch null, another saves its name', async () => {
    const { create } = renderForm(gitWords, {
      ok: true,
      folders: [folder('main', true), folder('dev')],
      default_folders: ['main'],
      certificate: null,
    });
    fireEvent.change(screen.getByLabelText(/Repository address/), {
      target: { value: 'https://github.com/a/b' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    await screen.findByText(/The repository answers/);
    expect((screen.getByRole('checkbox', { name: /main/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      kind: 'git',
      settings: { branch: null },
      password: '',
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /dev/ }));
    expect((screen.getByRole('checkbox', { name: /main/ }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1]?.[0]).toMatchObject({ settings: { branch: 'dev' } });
  });
});

describe('editing a saved share (docs/decisions/201)', () => {
  it('tests it with the saved password and saves new folders without typing it again', async () => {
    const answer: SourceTestResult = {
      ok: true,
      folders: [folder('Docs'), folder('Reports')],
      default_folders: [],
      certificate: null,
    };
    const test = vi.fn<(request: TestNewSource) => Promise<SourceTestResult>>(async () => answer);
    const testSaved = vi.fn<(id: string, request: TestSavedSource) => Promise<SourceTestResult>>(
      async () => answer,
    );
    const create = vi.fn<(request: CreateSourceInput) => Promise<Source>>(async () => ({}) as Source);
    const update = vi.fn<(id: string, update: UpdateSource) => Promise<Source>>(async () => ({}) as Source);
    const source = {
      id: 's1',
      kind: 'webdav',
      settings: { url: 'https://cloud.example.com/dav/', username: 'ada', folders: ['Docs'] },
    } as unknown as Source;
    render(
      <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
        <UrlSourceForm
          words={webdavWords}
          api={{ test, testSaved, create, update }}
          source={source}
          onSaved={() => {}}
          onCancel={() => {}}
        />
      </KitProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Test' }));
    await screen.findByText(/The share answers/);
    expect(test).not.toHaveBeenCalled();
    expect(testSaved).toHaveBeenCalledWith('s1', {
      settings: { url: 'https://cloud.example.com/dav/', username: 'ada' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /Reports/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]).toEqual([
      's1',
      { settings: { url: 'https://cloud.example.com/dav/', username: 'ada', folders: ['Docs', 'Reports'] } },
    ]);
  });
});
