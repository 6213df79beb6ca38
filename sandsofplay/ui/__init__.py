"""The pygame application: loop, scenes, widgets, art."""
