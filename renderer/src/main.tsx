import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { DeskGate } from './desk/DeskGate.tsx';
import './styles.css';

// `?bench=` (test/bench/renderer.bench.ts only) loads the bench harness, a separate chunk,
// instead of the app; read once here, nowhere else.
if (new URLSearchParams(location.search).has('bench')) {
  void import('./bench/bench.tsx').then((m) => m.startBench());
} else {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <DeskGate>
        <App />
      </DeskGate>
    </StrictMode>,
  );
}
