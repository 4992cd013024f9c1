import { useDocumentTitle } from '../../../components/use-document-title';
import { DocumentView } from '../components/document-view';
import { serviceRules } from '../documents/rules';
import { infoMessages as t } from '../messages';
import { readOperatorDetails } from '../operator';
import '../info.css';

/** Spec §2 /rules: the terms of use, with what may be published. */
export function RulesScreen() {
  const details = readOperatorDetails();
  useDocumentTitle(t.documentTitle(t.rulesTitle, details.appName));
  return (
    <main className="info-page">
      <DocumentView document={serviceRules(details)} />
    </main>
  );
}
