import { useDocumentTitle } from '../../../components/use-document-title';
import { DocumentView } from '../components/document-view';
import { privacyPolicy } from '../documents/policy';
import { infoMessages as t } from '../messages';
import { readOperatorDetails } from '../operator';
import '../info.css';

/** Spec §2 /policy: the privacy policy (152-FZ). */
export function PolicyScreen() {
  const details = readOperatorDetails();
  useDocumentTitle(t.documentTitle(t.policyTitle, details.appName));
  return (
    <main className="info-page">
      <DocumentView document={privacyPolicy(details)} />
    </main>
  );
}
