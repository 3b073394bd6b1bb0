import { SearchForm } from './SearchForm.tsx';
import { ResultsPanel } from './ResultsPanel.tsx';
import './search.css';

export function SearchStep() {
  return (
    <div className="search-step">
      <SearchForm />
      <ResultsPanel />
    </div>
  );
}
