import { BlueprintProvider } from '@blueprintjs/core';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { router } from './router.tsx';
import { store } from './store.ts';

/** The app's providers around the router. */
export function App() {
  return (
    <Provider store={store}>
      <BlueprintProvider>
        <RouterProvider router={router} />
      </BlueprintProvider>
    </Provider>
  );
}
