import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './diner.css';
import { DinerApp } from './App';

createRoot(document.getElementById('diner')!).render(
  <StrictMode>
    <DinerApp />
  </StrictMode>,
);
