import type { Account } from '@app/contract/account';
import { BirthDetailsSection } from '../components/birth-details-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { PersonalDataSection } from '../components/personal-data-section';
import { ProfileForm } from '../components/profile-form';
import { useSession } from '@/lib/use-session';

/** Settings › Profile: name, e-mail and language; birth details; downloading one's data; deleting the account. */
export function ProfilePage() {
  const { user } = useSession();
  if (!user) return null;
  return <ProfileSections user={user} />;
}

function ProfileSections({ user }: { user: Account }) {
  return (
    <div className="space-y-12">
      <ProfileForm user={user} />
      <BirthDetailsSection details={user.birth_details} />
      <PersonalDataSection />
      <DeleteAccountSection />
    </div>
  );
}
