/** /profile (spec 1 §2): avatar, read-only e-mail, names and company, password change. */
import { useId, useState } from 'react';
import { loadProfile, saveProfileField, type EditableProfileField, type ProfileData } from './actions.ts';
import { AvatarEditor } from './AvatarEditor.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileField } from './ProfileField.tsx';
import { textOf } from '../../data/errors/result.ts';
import { LoadedScreen } from '../../ui/LoadedScreen.tsx';
import { useRetryableLoad } from '../../ui/useRetryableLoad.ts';

const FIELDS: { field: EditableProfileField; label: string }[] = [
  { field: 'first_name', label: 'First name' },
  { field: 'last_name', label: 'Last name' },
  { field: 'company', label: 'Company' },
];

const describeLoadFailure = (error: unknown) => textOf('loadProfile', error);

export function ProfileScreen() {
  const { load, retry } = useRetryableLoad(loadProfile, describeLoadFailure);
  return (
    <LoadedScreen load={load} retry={retry} loadingText="Loading profile…">
      {(data) => <ProfileView data={data} />}
    </LoadedScreen>
  );
}

function ProfileView({ data }: { data: ProfileData }) {
  const { user, profile, avatarUrl, canChangePassword } = data;
  const emailId = useId();
  const [firstName, setFirstName] = useState(profile.first_name ?? '');
  return (
    <main className="screen narrow profile-screen">
      <h1>Profile</h1>
      <AvatarEditor initialUrl={avatarUrl} firstName={firstName} email={user.email ?? ''} />
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} type="email" value={user.email ?? ''} readOnly />
      </div>
      {FIELDS.map(({ field, label }) => (
        <ProfileField
          key={field}
          label={label}
          initialValue={profile[field] ?? ''}
          save={(value) => saveProfileField(profile.id, field, value)}
          onSaved={field === 'first_name' ? setFirstName : undefined}
        />
      ))}
      {canChangePassword && <ChangePasswordForm />}
    </main>
  );
}
