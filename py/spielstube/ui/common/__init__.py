"""What every screen and the frame share: the JS bridge, widgets, texts, the
move window, the new-game dialog, URL settings, access helpers, the wire."""
