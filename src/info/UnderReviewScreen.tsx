import { useEffect } from 'react';
import { useStore } from '../app/StoreContext';
import { documentTitle } from '../core/routes';
import './info.css';

/** /store-under-review/ (§2.2, blank layout): shown while a new store waits for approval. */
export function UnderReviewScreen() {
  const { state } = useStore();
  useEffect(() => {
    document.title = documentTitle('Store under review', state.company.name);
  }, [state.company.name]);
  return (
    <div className="under-review">
      <h1>This store is being reviewed</h1>
      <p>{state.company.name} is new, and our team is checking it before it opens to shoppers. This usually takes one working day.</p>
      <p>Are you the owner? We will e-mail you as soon as your store is approved.</p>
    </div>
  );
}
