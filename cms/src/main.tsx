import { render } from 'preact';
import { App } from './App';
import './style.css';

// Every page has an address; a bare /editor/ is the deals list.
if (!location.hash.startsWith('#/')) history.replaceState(null, '', `${location.pathname}${location.search}#/deals`);
render(<App />, document.getElementById('app')!);
